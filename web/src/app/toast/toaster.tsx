import * as Toast from '@radix-ui/react-toast';
import { clearToast, type ToastStyle, useToastState } from './toast-store';

/** Spec §4/§9: 5 s, then the text is cleared; close button, Escape or a 50 px swipe right; F8 focuses. */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

const palette: Record<ToastStyle, { bg: string; border: string }> = {
  'alert-success': { bg: 'var(--mantine-color-green-0)', border: 'var(--mantine-color-green-6)' },
  'alert-danger': { bg: 'var(--mantine-color-red-0)', border: 'var(--mantine-color-red-6)' },
  'alert-warning': { bg: 'var(--mantine-color-yellow-0)', border: 'var(--mantine-color-yellow-6)' },
  'alert-info': { bg: 'var(--mantine-color-blue-0)', border: 'var(--mantine-color-blue-6)' },
};

export function Toaster() {
  const toast = useToastState();
  const colors = palette[toast.style] ?? palette['alert-success'];
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      <Toast.Root
        key={toast.id}
        open={toast.message !== ''}
        onOpenChange={(open) => {
          if (!open) clearToast();
        }}
        className={`toast ${toast.style}`}
        data-testid="toast"
        style={{
          background: colors.bg,
          borderLeft: `4px solid ${colors.border}`,
          borderRadius: 6,
          boxShadow: '0 6px 24px rgba(0,0,0,.15)',
          padding: '12px 14px',
          display: 'flex',
          gap: 12,
          alignItems: 'center',
          minWidth: 280,
          maxWidth: 420,
        }}
      >
        <Toast.Description style={{ flex: 1, fontSize: 14 }}>{toast.message}</Toast.Description>
        <Toast.Close
          aria-label="Close"
          style={{ border: 0, background: 'transparent', cursor: 'pointer', fontSize: 18 }}
        >
          ×
        </Toast.Close>
      </Toast.Root>
      <Toast.Viewport
        style={{
          position: 'fixed',
          bottom: 16,
          right: 16,
          zIndex: 9000,
          listStyle: 'none',
          margin: 0,
          padding: 0,
          outline: 'none',
        }}
      />
    </Toast.Provider>
  );
}
