// The demo operator's cities: a Pune head office with branches in Mumbai, Bengaluru and Delhi. Every
// area of the demo draws its addresses, phones, registrations and prices from here.

export interface CityPlan {
  key: 'pune' | 'mumbai' | 'bengaluru' | 'delhi';
  cityId: string;
  name: string;
  stateId: string;
  gstCode: string;
  /** Registration prefixes of the city's RTOs; Delhi adds a class letter before the series. */
  rtos: readonly string[];
  /** Percent of the Mumbai tariff. */
  priceFactor: number;
  fuel: { petrol: string; diesel: string; cng: string; electric: string };
  localities: readonly { area: string; pincode: string }[];
  policeStations: readonly string[];
  landline: string;
  firstNames: readonly string[];
  surnames: readonly string[];
}

export const CITIES: readonly CityPlan[] = [
  {
    key: 'pune',
    cityId: 'mh-pune',
    name: 'Pune',
    stateId: 'MH',
    gstCode: '27',
    rtos: ['MH12', 'MH14'],
    priceFactor: 92,
    fuel: { petrol: '104.3000', diesel: '90.8000', cng: '85.9000', electric: '12.5000' },
    localities: [
      { area: 'Baner', pincode: '411045' },
      { area: 'Hinjewadi Phase 1', pincode: '411057' },
      { area: 'Kharadi', pincode: '411014' },
      { area: 'Viman Nagar', pincode: '411014' },
      { area: 'Kothrud', pincode: '411038' },
      { area: 'Wakad', pincode: '411057' },
      { area: 'Hadapsar', pincode: '411028' },
    ],
    policeStations: ['Hinjewadi', 'Chatushrungi', 'Kothrud', 'Vimantal', 'Hadapsar'],
    landline: '+9120',
    firstNames: ['Santosh', 'Ganesh', 'Sachin', 'Vijay', 'Sunil', 'Prakash', 'Mahesh', 'Nitin', 'Amol'],
    surnames: ['Patil', 'Jadhav', 'Shinde', 'Pawar', 'More', 'Kale', 'Gaikwad', 'Chavan', 'Bhosale'],
  },
  {
    key: 'mumbai',
    cityId: 'mh-mumbai',
    name: 'Mumbai',
    stateId: 'MH',
    gstCode: '27',
    rtos: ['MH01', 'MH02', 'MH03', 'MH47'],
    priceFactor: 100,
    fuel: { petrol: '103.5000', diesel: '90.0300', cng: '77.0000', electric: '13.0000' },
    localities: [
      { area: 'Andheri East', pincode: '400069' },
      { area: 'Bandra Kurla Complex', pincode: '400051' },
      { area: 'Lower Parel', pincode: '400013' },
      { area: 'Powai', pincode: '400076' },
      { area: 'Nariman Point', pincode: '400021' },
      { area: 'Goregaon East', pincode: '400063' },
      { area: 'Kurla West', pincode: '400070' },
    ],
    policeStations: ['Andheri', 'Sakinaka', 'Kurla', 'Powai', 'Sahar'],
    landline: '+9122',
    firstNames: ['Rajesh', 'Dinesh', 'Rahul', 'Sandeep', 'Anil', 'Ramesh', 'Vikas', 'Tushar', 'Imran'],
    surnames: ['Sawant', 'Kadam', 'Naik', 'Salunkhe', 'Deshmukh', 'Mane', 'Kamble', 'Shaikh', 'Dubey'],
  },
  {
    key: 'bengaluru',
    cityId: 'ka-bengaluru',
    name: 'Bengaluru',
    stateId: 'KA',
    gstCode: '29',
    rtos: ['KA01', 'KA03', 'KA05', 'KA51', 'KA53'],
    priceFactor: 100,
    fuel: { petrol: '102.9000', diesel: '88.9500', cng: '89.0000', electric: '11.5000' },
    localities: [
      { area: 'Whitefield', pincode: '560066' },
      { area: 'Electronic City Phase 1', pincode: '560100' },
      { area: 'Koramangala', pincode: '560034' },
      { area: 'Outer Ring Road, Bellandur', pincode: '560103' },
      { area: 'Indiranagar', pincode: '560038' },
      { area: 'Hebbal', pincode: '560024' },
    ],
    policeStations: ['Whitefield', 'HAL', 'Koramangala', 'Electronic City', 'Hebbal'],
    landline: '+9180',
    firstNames: ['Manjunath', 'Ravi', 'Suresh', 'Naveen', 'Shivakumar', 'Girish', 'Raghavendra', 'Basavaraj'],
    surnames: ['Gowda', 'Reddy', 'Shetty', 'Hegde', 'Murthy', 'Naik', 'Kumar', 'Rao'],
  },
  {
    key: 'delhi',
    cityId: 'dl-new-delhi',
    name: 'Delhi',
    stateId: 'DL',
    gstCode: '07',
    rtos: ['DL1', 'DL3', 'DL8', 'DL9'],
    priceFactor: 96,
    fuel: { petrol: '94.7700', diesel: '87.6700', cng: '75.0900', electric: '9.5000' },
    localities: [
      { area: 'Connaught Place', pincode: '110001' },
      { area: 'Nehru Place', pincode: '110019' },
      { area: 'Aerocity', pincode: '110037' },
      { area: 'Saket', pincode: '110017' },
      { area: 'Mahipalpur', pincode: '110037' },
      { area: 'Karol Bagh', pincode: '110005' },
    ],
    policeStations: ['Mahipalpur', 'Vasant Kunj', 'Dwarka Sector 23', 'IGI Airport', 'Saket'],
    landline: '+9111',
    firstNames: ['Mukesh', 'Sanjay', 'Ajay', 'Vinod', 'Deepak', 'Pankaj', 'Rakesh', 'Mohit', 'Sonu'],
    surnames: ['Singh', 'Yadav', 'Sharma', 'Chauhan', 'Tomar', 'Rawat', 'Negi', 'Verma', 'Gupta'],
  },
];
export const CITY = Object.fromEntries(CITIES.map((c) => [c.key, c])) as Record<CityPlan['key'], CityPlan>;
