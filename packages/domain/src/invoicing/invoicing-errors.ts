// What can be wrong with an invoice before it is computed, said so the person can fix it: billing
// turns these into the caller's mistake (invalid argument / failed precondition), never a 500.

/** A line that cannot be invoiced; `index` is its position in the lines given (0-based). */
export class InvoiceLineError extends RangeError {
  constructor(
    readonly index: number,
    problem: string,
  ) {
    super(`Line ${index + 1}: ${problem}`);
    this.name = 'InvoiceLineError';
  }
}

/** The billing company's or the customer's tax details contradict each other. */
export class GstRegimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GstRegimeError';
  }
}

/** An invoice prefix or number that GST rule 46 does not allow. */
export class InvoiceNumberError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceNumberError';
  }
}
