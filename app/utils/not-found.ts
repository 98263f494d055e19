/** The 404 a route throws for a record that is not there or not the signed-in user's: the same answer either way. */
export function notFound() {
  return new Response("Not Found", { status: 404 });
}
