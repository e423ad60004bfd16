/** Where a running server leaves its operator endpoint (port, secret, pid) in DATA_DIR. */
export const ENDPOINT_FILE = "ops-endpoint.json";
