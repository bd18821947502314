// Everything a printed duty slip shows, already gathered and in the words it is printed in, so drawing
// it needs no database and no other service. Money and km are exact decimal text, never JS numbers.

/** The five points of a duty, in the order a duty passes them (DOMAIN.md, "Duty slip"). */
export type DutySlipPoint = 'GARAGE_START' | 'ARRIVAL' | 'DUTY_START' | 'DUTY_END' | 'GARAGE_END';

export interface DutySlipView {
  operator: { name: string; address: string; phone: string; gstin: string; logoPng?: Uint8Array };
  /** SALES: what the customer is billed; PURCHASE: what the supplier is paid. */
  variant: 'SALES' | 'PURCHASE';
  booking: {
    bookingNo: string;
    statusLabel: string;
    customerName: string;
    bookedBy: { name: string; phone: string };
    passengers: { name: string; phone: string }[];
    fromCity: string;
    toCity: string;
    dutyTypeName: string;
    vehicleGroupName: string;
    reportingAt: Date;
    reportingAddress: string;
    dropAddress: string;
    orderReferenceNumber: string;
    remark: string;
  };
  allotment: {
    vehicleNo: string;
    vehicleModel: string;
    driverName: string;
    driverPhone: string;
    supplierName: string;
  };
  /** The points recorded, in trip order; absent points are simply not listed. */
  points: { point: DutySlipPoint; at: Date; km: string; location: string }[];
  /** What the duty is charged for (counted km and time), when it has been measured. */
  measure?: { km: string; minutes: number };
  billingItems: { name: string; amount: string }[];
  /** The charge lines once the duty is closed (from the domain's pricing). */
  charges?: {
    lines: { label: string; quantity: string; unit: string; rate: string; amount: string }[];
    total: string;
  };
  signaturePng?: Uint8Array;
  /** The operator's time zone (e.g. Asia/Kolkata): every time on the slip is shown in it, DD/MM/YYYY HH:mm. */
  timeZone: string;
  /** When the slip was printed: shown in the footer and used as the PDF's creation date. */
  printedAt: Date;
}
