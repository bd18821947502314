export { cityById, INDIAN_CITIES, type IndianCity, stateOfCity } from './cities';
export { gstCodeOfState, INDIAN_STATES, type IndianState, stateByGstCode, stateById } from './indian-states';
