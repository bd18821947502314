// What can be done to a supplier payment from its page: cancel it with a reason, after a confirmation
// that says what cancelling gives back.
import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../app/toast/toast-store';
import { trpc, trpcClient } from '../../lib/trpc';
import { ReasonDialog } from '../common/reason-dialog';
import type { SupplierPayment } from './supplier-payment-types';

/**
 * Everything read about supplier payments (lists, pages, what invoices owe, payables) is read again, and
 * the purchase invoices they pay (their paid and balance).
 */
export function useRefreshSupplierPayments() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.supplierPayment.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.purchaseInvoice.pathKey() });
  };
}

export function CancelPaymentDialog({ payment, onClose }: { payment: SupplierPayment; onClose: () => void }) {
  const refresh = useRefreshSupplierPayments();
  const settled = payment.settlements.filter((s) => s.isLive).length;
  return (
    <ReasonDialog
      title={`Cancel payment ${payment.paymentNo}`}
      formLabel="Cancel payment form"
      keptWith="the payment"
      confirmLabel="Cancel payment"
      explanation={`The payment keeps its number, marked cancelled.${
        settled
          ? ` The ${settled === 1 ? 'invoice it paid owes' : `${settled} invoices it paid owe`} exactly what it paid again.`
          : ''
      }`}
      submit={(reason) => trpcClient.supplierPayment.cancel.mutate({ id: payment.id, reason })}
      onDone={(cancelled) => showToast(`Payment ${cancelled.paymentNo} is cancelled.`)}
      onSettled={refresh}
      onClose={onClose}
    />
  );
}
