export * from './service';
export * from './portal';
export * from './office';
