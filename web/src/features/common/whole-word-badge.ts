import { Badge } from '@mantine/core';

/**
 * A status badge says its whole word ("Approved", "Dispatched", never "APPR…"): it keeps its width in a
 * narrow cell instead of cutting its label. Both apps' themes take it.
 */
export const wholeWordBadge = Badge.extend({
  styles: {
    root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
    label: { overflow: 'visible', textOverflow: 'clip' },
  },
});
