import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

// A page that sends the visitor elsewhere on its first render (sign in first, not allowed here).
// In the browser it is React Router's <Navigate replace>; while the server renders, it notes the
// address instead (web/entry-server.tsx), and the server answers with a redirect to it.

/** Where the server render was sent, if anywhere. */
export interface ServerRedirect {
  to: string | null;
}

const ServerRedirectContext = createContext<ServerRedirect | null>(null);
export const ServerRedirectProvider = ServerRedirectContext.Provider;

export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirectContext);
  if (server) {
    server.to ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
