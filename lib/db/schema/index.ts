export * from './service';
export * from './portal';
