// The demo data lives in the contract package, so the web app's mocks answer from the same records.
export { DEMO_USERS } from '@timberlog/contract/demo-data';
