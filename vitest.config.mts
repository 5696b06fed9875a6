import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM with ~300 MB per instance: two workers on two cores. On
    // PostgreSQL a worker waits for the server part of the time: a third keeps both cores busy.
    maxWorkers: process.env.TEST_DATABASE_URL ? 3 : 2,
  },
});
