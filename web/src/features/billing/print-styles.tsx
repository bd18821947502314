/**
 * On paper only the page's own content: the shell's header and navigation, and anything marked
 * `data-print-hide` (the Print button), are left off.
 */
const PRINT_CSS = `
@media print {
  .mantine-AppShell-header, .mantine-AppShell-navbar, [data-print-hide] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  @page { size: A4; margin: 12mm; }
}
`;

export function PrintStyles() {
  return <style>{PRINT_CSS}</style>;
}
