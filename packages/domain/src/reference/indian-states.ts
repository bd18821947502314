// The states and union territories of India (as of 2024) with their GST state codes: masters upserts
// them as its states (reference-data-upsert.ts) and billing reads a state's GST code from here, without
// asking masters. Ids are stable: never change or reuse one once shipped, only add rows.

export interface IndianState {
  id: string;
  name: string;
  /** The two-digit GST state code that begins a GSTIN registered in the state. */
  gstCode: string;
}

// The 28 states and 8 union territories, by name. id is the two-letter registration-style code;
// gstCode the two-digit GST state code that begins a GSTIN. Ids never change once shipped: rows
// elsewhere (cities, operators' offices, invoices) reference them.
export const INDIAN_STATES: readonly IndianState[] = [
  { id: 'AN', name: 'Andaman and Nicobar Islands', gstCode: '35' },
  { id: 'AP', name: 'Andhra Pradesh', gstCode: '37' },
  { id: 'AR', name: 'Arunachal Pradesh', gstCode: '12' },
  { id: 'AS', name: 'Assam', gstCode: '18' },
  { id: 'BR', name: 'Bihar', gstCode: '10' },
  { id: 'CH', name: 'Chandigarh', gstCode: '04' },
  { id: 'CG', name: 'Chhattisgarh', gstCode: '22' },
  { id: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26' },
  { id: 'DL', name: 'Delhi', gstCode: '07' },
  { id: 'GA', name: 'Goa', gstCode: '30' },
  { id: 'GJ', name: 'Gujarat', gstCode: '24' },
  { id: 'HR', name: 'Haryana', gstCode: '06' },
  { id: 'HP', name: 'Himachal Pradesh', gstCode: '02' },
  { id: 'JK', name: 'Jammu and Kashmir', gstCode: '01' },
  { id: 'JH', name: 'Jharkhand', gstCode: '20' },
  { id: 'KA', name: 'Karnataka', gstCode: '29' },
  { id: 'KL', name: 'Kerala', gstCode: '32' },
  { id: 'LA', name: 'Ladakh', gstCode: '38' },
  { id: 'LD', name: 'Lakshadweep', gstCode: '31' },
  { id: 'MP', name: 'Madhya Pradesh', gstCode: '23' },
  { id: 'MH', name: 'Maharashtra', gstCode: '27' },
  { id: 'MN', name: 'Manipur', gstCode: '14' },
  { id: 'ML', name: 'Meghalaya', gstCode: '17' },
  { id: 'MZ', name: 'Mizoram', gstCode: '15' },
  { id: 'NL', name: 'Nagaland', gstCode: '13' },
  { id: 'OD', name: 'Odisha', gstCode: '21' },
  { id: 'PY', name: 'Puducherry', gstCode: '34' },
  { id: 'PB', name: 'Punjab', gstCode: '03' },
  { id: 'RJ', name: 'Rajasthan', gstCode: '08' },
  { id: 'SK', name: 'Sikkim', gstCode: '11' },
  { id: 'TN', name: 'Tamil Nadu', gstCode: '33' },
  { id: 'TS', name: 'Telangana', gstCode: '36' },
  { id: 'TR', name: 'Tripura', gstCode: '16' },
  { id: 'UP', name: 'Uttar Pradesh', gstCode: '09' },
  { id: 'UK', name: 'Uttarakhand', gstCode: '05' },
  { id: 'WB', name: 'West Bengal', gstCode: '19' },
];

const statesById = new Map(INDIAN_STATES.map((state) => [state.id, state]));
const statesByGstCode = new Map(INDIAN_STATES.map((state) => [state.gstCode, state]));

/** The state or union territory with this id (e.g. MH), if there is one. */
export function stateById(stateId: string): IndianState | undefined {
  return statesById.get(stateId);
}

/** The state whose GST code this is (e.g. '27', a GSTIN's first two characters), if one has it. */
export function stateByGstCode(gstCode: string): IndianState | undefined {
  return statesByGstCode.get(gstCode);
}

/** The GST state code of the state with this id (e.g. MH → '27'), if there is such a state. */
export function gstCodeOfState(stateId: string): string | undefined {
  return statesById.get(stateId)?.gstCode;
}
