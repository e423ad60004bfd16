import { data } from "react-router";

/** Any path no screen claims: a 404 that the root ErrorBoundary shows inside the shell. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
