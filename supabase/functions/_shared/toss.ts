// Toss Payments' public test keys from its documentation (no real charges). Used only when
// PAYMENTS_MODE=test and no keys are set: by the function (payments/config.ts) and the local stack.
export const TOSS_TEST_CLIENT_KEY = "test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm";
export const TOSS_TEST_SECRET_KEY = "test_gsk_docs_OaPz8L5KdmQXkzRz3y47BMw6";
// The API individual-integration test keys from Toss's documentation, for billing (자동결제) in test mode.
export const TOSS_TEST_BILLING_CLIENT_KEY = "test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq";
export const TOSS_TEST_BILLING_SECRET_KEY = "test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R";
