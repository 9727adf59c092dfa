import { useState } from 'react';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSignedIn } from '@vm/client/session.ts';
import { MENU, type MenuItem } from '../menu.ts';
import { useLogOut } from './use-log-out.ts';

function Item({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(item.kind === 'group' ? (item.expanded ?? false) : false);
  switch (item.kind) {
    case 'separator':
      return (
        <li aria-hidden="true">
          <hr className="menu-separator" />
        </li>
      );
    case 'link':
      return (
        <li>
          <NavLink to={item.to} className="menu-link" onClick={onNavigate}>
            {item.icon && <span aria-hidden="true" className="menu-icon">{item.icon}</span>}
            {t(item.labelKey)}
          </NavLink>
        </li>
      );
    case 'group':
      return (
        <li>
          <button type="button" className="menu-link menu-group" aria-expanded={open} onClick={() => setOpen(!open)}>
            {item.icon && <span aria-hidden="true" className="menu-icon">{item.icon}</span>}
            {t(item.labelKey)}
          </button>
          {open && (
            <ul className="menu-children">
              {item.children.map((c, i) => (
                <Item key={i} item={c} onNavigate={onNavigate} />
              ))}
            </ul>
          )}
        </li>
      );
  }
}

type Props = { id: string; open: boolean; onNavigate: () => void };

/** Off-canvas below 768 px (closes on navigation), always visible above. */
export function Sidebar({ id, open, onNavigate }: Props) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const logOut = useLogOut();
  return (
    <nav id={id} className={`sidebar${open ? ' sidebar-open' : ''}`} aria-label={t('nav.label')} data-testid="sidebar">
      <ul className="menu">
        {MENU.map((item, i) => (
          <Item key={i} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      {/* Phones only: the top bar has no room for it there (styles.css). */}
      <LanguageSelect variant="compact" className="sidebar-language" />
      {signedIn && (
        <button type="button" className="button button-ghost sidebar-logout" onClick={logOut}>
          {t('nav.logout')}
        </button>
      )}
    </nav>
  );
}
