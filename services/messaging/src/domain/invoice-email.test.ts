import { type DispatchedInvoice, invoiceEmails } from './invoice-email';

const invoice: DispatchedInvoice = {
  id: '0b7f2c1e-4a51-4c55-9a43-6f1d0c2b9e10',
  invoiceNo: 'KC/2526/0042',
  buyerName: 'Harbour Logistics Pvt Ltd',
  sellerName: 'Konkan Cabs Pvt Ltd',
  total: '123456.5',
  dueDate: '2026-12-24',
};

describe('a dispatched invoice’s emails', () => {
  it('words the default email with its number, the buyer, the total in rupees and the due date, the PDF attached', () => {
    const [email] = invoiceEmails(invoice, ['accounts@harbour.example']);
    expect(email).toMatchObject({
      type: 'INVOICE_EMAIL',
      channel: 'EMAIL',
      role: 'CUSTOMER',
      name: 'Harbour Logistics Pvt Ltd',
      email: 'accounts@harbour.example',
      subject: 'Invoice KC/2526/0042 from Konkan Cabs Pvt Ltd',
      text: 'Dear Harbour Logistics Pvt Ltd,\n\nPlease find attached invoice KC/2526/0042 for ₹1,23,456.50, due by 24/12/2026.\n\nRegards,\nKonkan Cabs Pvt Ltd',
      attachments: [{ kind: 'INVOICE', invoiceId: invoice.id, fileName: 'invoice-KC-2526-0042.pdf' }],
    });
  });

  it('writes one email per address, each once, and none for no address', () => {
    const emails = invoiceEmails(invoice, ['a@harbour.example', ' b@harbour.example', 'a@harbour.example']);
    expect(emails.map((e) => e.email)).toEqual(['a@harbour.example', 'b@harbour.example']);
    expect(invoiceEmails(invoice, [])).toEqual([]);
  });

  it('words it in the operator’s own template, leaving out the due date an invoice has none of', () => {
    const [email] = invoiceEmails({ ...invoice, dueDate: '' }, ['a@harbour.example'], {
      subject: '{companyName} invoice {invoiceNo}',
      body: 'Amount {invoiceTotal}[, pay by {dueDate}].',
      dltTemplateId: '',
      senderId: '',
    });
    expect([email?.subject, email?.text]).toEqual([
      'Konkan Cabs Pvt Ltd invoice KC/2526/0042',
      'Amount ₹1,23,456.50.',
    ]);
  });
});
