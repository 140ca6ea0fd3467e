import { useCallback, type ComponentPropsWithRef } from "react";
import { useLocation, useRouter } from "wouter";

export function prefersMotion(): boolean {
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Scrolls to the element an in-page address names ("#tools"). */
export function scrollToHash(hash: string): void {
  const target = document.getElementById(hash.replace(/^#/, ""));
  target?.scrollIntoView({ behavior: prefersMotion() ? "smooth" : "auto", block: "start" });
}

/**
 * Goes to an address inside the app without reloading. An address with a section ("/#tools") scrolls to it, also
 * when the page is already shown (the router would see no change then).
 */
export function useAppNavigate(): (href: string) => void {
  const [location, navigate] = useLocation();
  return useCallback(
    (href: string) => {
      const [path = "/", hash] = href.split("#");
      if (hash !== undefined && location === path) {
        history.pushState(null, "", href);
        scrollToHash(hash);
      } else {
        navigate(href);
      }
    },
    [location, navigate],
  );
}

/**
 * A link inside the app: a real <a href> (open in new tab works), followed by the router on a plain click. `href`
 * is the English path; the link points at it in the page's language ("/merge-pdf" becomes "/de/merge-pdf").
 */
export function AppLink({ href, onClick, ...rest }: ComponentPropsWithRef<"a"> & { href: string }) {
  const go = useAppNavigate();
  const { base } = useRouter();
  return (
    <a
      href={base + href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        go(href);
      }}
      {...rest}
    />
  );
}
