import type { User } from '@vm/domain';
import { ProtectedImage } from './protected-image.tsx';

type Props = { user: Pick<User, 'first_name' | 'last_name' | 'profile_picture'>; size: 'thumb' | 'medium'; alt: string };

/** The profile picture, or the initials in a circle when there is none. */
export function Avatar({ user, size, alt }: Props) {
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  return (
    <ProtectedImage
      src={user.profile_picture?.image[size].url}
      alt={alt}
      className={`avatar avatar-${size}`}
      fallback={
        <span className={`avatar avatar-${size} avatar-placeholder`} role="img" aria-label={alt}>
          {initials}
        </span>
      }
    />
  );
}
