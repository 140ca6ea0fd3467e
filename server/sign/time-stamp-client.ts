import crypto from "node:crypto";
import { AbortedError, UserError } from "../errors.js";
import { OID } from "./cms.js";
import { algorithm, booleanValue, childrenOf, DerError, expectChildren, octetString, readElement, sequence, smallInteger, TAG, unsignedInteger, type Element } from "./der.js";
import { msg, type Message } from "../i18n/message.js";

export interface TimeStampAuthority {
  url: string;
  timeoutMs: number;
}

export interface TimeStampToken {
  /** The TimeStampToken (a CMS ContentInfo), ready to embed as id-aa-signatureTimeStampToken. */
  token: Buffer;
  /** The time the authority vouches for. */
  time: Date;
}

/** The authority failed us: 504 when it did not answer in time, 502 for anything else it did or did not do. */
export class TimeStampError extends UserError {
  constructor(reason: Message, timedOut = false) {
    super(msg("timeStamp.failed", { reason }), timedOut ? 504 : 502, "time_stamp_failed");
  }
}

const FAILURES = ["badAlg", "", "badRequest", "", "", "badDataFormat", "", "", "", "", "", "", "", "", "timeNotAvailable", "unacceptedPolicy", "unacceptedExtension", "addInfoNotAvailable", "", "", "", "", "", "", "", "systemFailure"];

/** The PKIFailureInfo bits that are set, by name. */
function failureNames(bits: Element): string[] {
  const bytes = bits.content.subarray(1);
  return FAILURES.filter((name, i) => name && (bytes[i >> 3]! & (0x80 >> (i & 7))) !== 0);
}

/** PKIStatusInfo: granted (0) and grantedWithMods (1) carry a token; otherwise the reason in the authority's words. */
function refusalOf(statusInfo: Element): Message | undefined {
  const [status, ...rest] = expectChildren(statusInfo, TAG.sequence);
  const code = status?.tag === TAG.integer ? status.content.readUIntBE(0, status.content.length) : -1;
  if (code === 0 || code === 1) return undefined;
  const texts = rest.filter((e) => e.tag === TAG.sequence).flatMap((e) => childrenOf(e).map((t) => t.content.toString("utf8").replace(/\.$/, "")));
  const failures = rest.filter((e) => e.tag === TAG.bitString).flatMap(failureNames);
  const why = [...texts, ...failures].join("; ");
  return why ? msg("timeStamp.refusedBecause", { code, why }) : msg("timeStamp.refused", { code });
}

function generalizedTime(element: Element): Date {
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\.\d+)?Z$/.exec(element.content.toString("ascii"));
  if (element.tag !== TAG.generalizedTime || !m) throw new DerError("genTime is not a UTC GeneralizedTime");
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, Math.round(Number(m[7] ?? 0) * 1000)));
}

/** Reads the TSTInfo inside a token and checks that it stamps our digest with our nonce. */
function checkedTime(token: Buffer, digest: Buffer, nonce: Buffer): Date {
  const [, signedDataWrapper] = expectChildren(readElement(token), TAG.sequence);
  const [signedData] = expectChildren(signedDataWrapper, 0xa0);
  const [, , encapsulated] = expectChildren(signedData, TAG.sequence);
  const [, contentWrapper] = expectChildren(encapsulated, TAG.sequence);
  const [content] = expectChildren(contentWrapper, 0xa0);
  if (content?.tag !== TAG.octetString) throw new DerError("no TSTInfo");
  const [, , imprint, , genTime, ...optional] = expectChildren(readElement(content.content), TAG.sequence);
  const [, hashed] = expectChildren(imprint, TAG.sequence);
  if (!hashed?.content.equals(digest)) throw new TimeStampError(msg("timeStamp.otherData"));
  const answeredNonce = optional.find((e) => e.tag === TAG.integer);
  if (!answeredNonce || unsignedInteger(answeredNonce.content).compare(unsignedInteger(nonce)) !== 0) {
    throw new TimeStampError(msg("timeStamp.nonceMismatch"));
  }
  return generalizedTime(genTime!);
}

/**
 * Asks an RFC 3161 time-stamp authority to stamp `data` (here the signature value): a SHA-256 imprint, a random
 * nonce and a request for its certificate, POSTed as application/timestamp-query.
 */
export async function requestTimeStamp(authority: TimeStampAuthority, data: Buffer, signal?: AbortSignal): Promise<TimeStampToken> {
  const digest = crypto.createHash("sha256").update(data).digest();
  const nonce = crypto.randomBytes(8);
  const query = sequence(smallInteger(1), sequence(algorithm(OID.sha256), octetString(digest)), unsignedInteger(nonce), booleanValue(true));

  let body: Buffer;
  try {
    const response = await fetch(authority.url, {
      method: "POST",
      headers: { "Content-Type": "application/timestamp-query", Accept: "application/timestamp-reply" },
      body: query,
      signal: AbortSignal.any([AbortSignal.timeout(authority.timeoutMs), ...(signal ? [signal] : [])]),
    });
    body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new TimeStampError(msg("timeStamp.httpStatus", { status: response.status }));
  } catch (err) {
    if (err instanceof TimeStampError) throw err;
    if (signal?.aborted) throw new AbortedError();
    if ((err as Error).name === "TimeoutError") {
      throw new TimeStampError(msg("timeStamp.noAnswer", { seconds: authority.timeoutMs / 1000 }), true);
    }
    throw new TimeStampError(msg("timeStamp.unreachable"));
  }

  try {
    const [statusInfo, token] = expectChildren(readElement(body), TAG.sequence);
    const refusal = refusalOf(statusInfo!);
    if (refusal) throw new TimeStampError(refusal);
    if (!token) throw new DerError("no token");
    return { token: Buffer.from(token.bytes), time: checkedTime(token.bytes, digest, nonce) };
  } catch (err) {
    if (err instanceof TimeStampError) throw err;
    throw new TimeStampError(msg("timeStamp.unreadable"));
  }
}
