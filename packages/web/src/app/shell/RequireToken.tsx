import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readToken } from '../../api/token';

/** Pages behind login: without a stored token the visitor goes to /login. */
export function RequireToken({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!readToken()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
