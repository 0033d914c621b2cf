/** The shared test helper that fakes the API client's network (shared/src/testing/fakeApi.ts). */
export * from 'shared/src/testing/fakeApi';
