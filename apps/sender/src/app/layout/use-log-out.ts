import { useNavigate } from 'react-router';
import { clearPhotos } from '../../features/wizard/photo-store.ts';
import { resetWizard } from '../../features/wizard/wizard-state.ts';
import { logOut } from '@vm/client/session.ts';

/** Signs out from the top bar or, on a phone, from the menu. */
export function useLogOut(): () => void {
  const navigate = useNavigate();
  return () => {
    logOut();
    // A shared device keeps no draft of the person who left.
    resetWizard();
    clearPhotos();
    navigate('/login');
  };
}
