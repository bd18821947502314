// Payment requests (billing.payment_requests): who was asked for what, and the SHA-256 of the link's token
// by which its public page finds it.
import { rows, type Tx } from '@fleet/platform';
import { sql } from 'drizzle-orm';

export interface PaymentRequestRow {
  id: string;
  tenantId: string;
  customerId: string;
  customerName: string;
  invoiceId: string | null;
  invoiceNo: string;
  amountDue: string;
  emails: string[];
  phones: string[];
  createdAt: Date;
  expiresAt: Date;
}

const COLUMNS = sql`id, tenant_id as "tenantId", customer_id as "customerId", customer_name as "customerName",
  invoice_id as "invoiceId", invoice_no as "invoiceNo", amount_due::text as "amountDue", emails, phones,
  created_at as "createdAt", expires_at as "expiresAt"`;

export async function insertPaymentRequest(
  tx: Tx,
  r: Omit<PaymentRequestRow, 'createdAt' | 'expiresAt'> & {
    tokenHash: string;
    requestedByUserId: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.execute(sql`insert into billing.payment_requests (id, tenant_id, token_hash, customer_id, customer_name,
      invoice_id, invoice_no, amount_due, emails, phones, requested_by_user_id, created_at, expires_at)
    values (${r.id}, ${r.tenantId}, decode(${r.tokenHash}, 'hex'), ${r.customerId}, ${r.customerName},
      ${r.invoiceId}, ${r.invoiceNo}, ${r.amountDue}, ${JSON.stringify(r.emails)}::jsonb,
      ${JSON.stringify(r.phones)}::jsonb, ${r.requestedByUserId}, ${r.createdAt.toISOString()},
      ${r.expiresAt.toISOString()})`);
}

export async function getPaymentRequest(tx: Tx, id: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await rows<PaymentRequestRow>(
    tx,
    sql`select ${COLUMNS} from billing.payment_requests where id = ${id}`,
  );
  return row && { ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) };
}

/** The request whose token hashes to `tokenHash` (hex), expired or not; run as the system. */
export async function findPaymentRequest(tx: Tx, tokenHash: string): Promise<PaymentRequestRow | undefined> {
  const [row] = await rows<PaymentRequestRow>(
    tx,
    sql`select ${COLUMNS} from billing.payment_requests where token_hash = decode(${tokenHash}, 'hex')`,
  );
  return row && { ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) };
}
