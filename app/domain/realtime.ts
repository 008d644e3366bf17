/** Where graphql-ws answers (architecture §6): the server attaches there, the browser connects there. */
export const GRAPHQL_PATH = '/graphql';
