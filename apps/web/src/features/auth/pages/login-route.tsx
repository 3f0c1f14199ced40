import { useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from './login-page';

/** The login page as the console's `login` route (after signing out, or when a session ends). */
export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return <LoginPage redirect={params.get('redirect')} go={(path) => navigate(path, { replace: true })} />;
}
