// Imported first by server.ts: NODE_ENV is "production" unless said otherwise (platform/config.ts
// reads it the same way). React and other libraries choose their development or production
// build from process.env.NODE_ENV when they are first loaded, so it is set before any of them is.
process.env.NODE_ENV ||= "production";
