import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './TabList';

const TABS = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
  { id: 'c', label: 'Gamma' },
] as const;

function Tabs() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return <TabList tabs={TABS} value={value} onChange={setValue} label="Views" idOf={(id) => `t-${id}`} panelId="p" className={undefined} tabClassName={undefined} extra={(id) => (id === 'c' ? ' 3' : null)} />;
}

describe('TabList', () => {
  it('keeps only the chosen tab in the tab order, and arrows, Home and End choose and focus', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    expect(tab(/Alpha/).tabIndex).toBe(0);
    expect(tab(/Beta/).tabIndex).toBe(-1);
    expect(tab(/Gamma/).textContent).toBe('Gamma 3');
    expect(tab(/Alpha/).getAttribute('aria-controls')).toBe('p');
    await user.click(tab(/Alpha/));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab(/Gamma/));
    expect(tab(/Gamma/).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab(/Alpha/));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab(/Gamma/));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab(/Alpha/));
    await user.keyboard('x');
    expect(tab(/Alpha/).getAttribute('aria-selected')).toBe('true');
  });
});
