export * from './petty-cash';
