import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The layout of every signed-in route: sidebar, top bar, and the page. */
export function Layout() {
  const [menuOpen, setMenuOpen] = useState(true);
  return (
    <div className={`layout${menuOpen ? '' : ' layout--collapsed'}`}>
      {menuOpen ? <Sidebar /> : null}
      <div className="layout__main">
        <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
        <main className="layout__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
