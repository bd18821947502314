// Vehicle fuel and expenses: fills, the mileage they measure full to full, and what vehicles cost.
export * from './vehicle-costs';
