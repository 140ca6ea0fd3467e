import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lifetimeInWords } from "../../../catalog/lifetime.js";
import { useFileLifetime } from "./file-lifetime.js";
import { testQueryClient } from "./test-query-client.js";

function Lifetime() {
  return <p data-testid="lifetime">{useFileLifetime()}</p>;
}

/** The hook with the server's health reply already known, or not yet (undefined). */
function lifetimeWith(health: unknown): string {
  const client = testQueryClient(health);
  render(
    <QueryClientProvider client={client}>
      <Lifetime />
    </QueryClientProvider>,
  );
  const text = screen.getByTestId("lifetime").textContent ?? "";
  client.clear();
  return text;
}

describe("the file lifetime in words", () => {
  it("words FILE_TTL_SECONDS in its largest whole unit", () => {
    expect(lifetimeInWords(3600)).toBe("one hour");
    expect(lifetimeInWords(1800)).toBe("30 minutes");
    expect(lifetimeInWords(7200)).toBe("2 hours");
    expect(lifetimeInWords(90)).toBe("90 seconds");
    expect(lifetimeInWords(86_400)).toBe("one day");
  });

  it("says what the server's health reply says, and one hour until it answers", () => {
    expect(lifetimeWith({ status: "ok", fileTtlSeconds: 1800 })).toBe("30 minutes");
  });

  it("says one hour until the server answers", () => {
    expect(lifetimeWith(undefined)).toBe("one hour");
  });
});
