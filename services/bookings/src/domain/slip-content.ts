// What a passenger approves on a digital slip, written out one way only, and its fingerprint: the SHA-256
// of that writing. The answer keeps the fingerprint; the same content always writes the same bytes, so a
// different fingerprint later means the slip changed after the passenger's answer.
import { createHash } from 'node:crypto';

export interface SlipContent {
  /** The slip's points in trip order: each point's name, ISO time and odometer. */
  points: { point: string; at: Date; km: string }[];
  /** What was spent besides car hire, in the duty's order. */
  billingItems: { name: string; amount: string }[];
  /** The charges, when the passenger was shown them; null otherwise. */
  charges: {
    lines: { label: string; quantity: string; unit: string; rate: string; amount: string }[];
    total: string;
  } | null;
  /** The passenger's signature (on the page, or on the driver's screen); null for none. */
  signatureFileId: string | null;
}

/** The content as one text: fixed key order, arrays in their order, times in UTC ISO 8601. */
export function canonicalSlipContent(content: SlipContent): string {
  return JSON.stringify({
    points: content.points.map((p) => [p.point, new Date(p.at).toISOString(), p.km]),
    billingItems: content.billingItems.map((item) => [item.name, item.amount]),
    charges: content.charges && {
      lines: content.charges.lines.map((l) => [l.label, l.quantity, l.unit, l.rate, l.amount]),
      total: content.charges.total,
    },
    signatureFileId: content.signatureFileId,
  });
}

/** SHA-256 of the canonical content, hex. */
export function slipFingerprint(content: SlipContent): string {
  return createHash('sha256').update(canonicalSlipContent(content)).digest('hex');
}
