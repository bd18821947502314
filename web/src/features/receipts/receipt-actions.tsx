// What can be done to a receipt from its page: cancel it with a reason (cancel_receipt), after a
// confirmation that says what cancelling gives back.
import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../app/toast/toast-store';
import { trpc, trpcClient } from '../../lib/trpc';
import { ReasonDialog } from '../common/reason-dialog';
import type { Receipt } from './receipt-types';

/** Everything read about receipts and invoices (lists, pages, what invoices ask) is read again. */
export function useRefreshReceipts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.receipt.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.invoice.pathKey() });
  };
}

export function CancelReceiptDialog({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  const refresh = useRefreshReceipts();
  const settled = receipt.settlements.length;
  return (
    <ReasonDialog
      title={`Cancel receipt ${receipt.receiptNo}`}
      formLabel="Cancel receipt form"
      keptWith="the receipt"
      confirmLabel="Cancel receipt"
      explanation={`The receipt keeps its number, marked cancelled.${
        settled
          ? ` The ${settled === 1 ? 'invoice it settles asks' : `${settled} invoices it settles ask`} again for exactly what it settled.`
          : ''
      }`}
      submit={(reason) => trpcClient.receipt.cancel.mutate({ id: receipt.id, reason })}
      onDone={(cancelled) => showToast(`Receipt ${cancelled.receiptNo} is cancelled.`)}
      onSettled={refresh}
      onClose={onClose}
    />
  );
}
