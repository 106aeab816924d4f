import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { Popover } from './popover';

function Menu() {
  return (
    <>
      <Popover label="Actions" trigger="…">
        {() => (
          <ul>
            <li>
              <button type="button">un</button>
            </li>
            <li>
              <button type="button">deux</button>
            </li>
            <li>
              <button type="button">trois</button>
            </li>
          </ul>
        )}
      </Popover>
      <button type="button">après</button>
    </>
  );
}

describe('Popover from the keyboard', () => {
  it('opens on Enter with the focus on its first item; arrows, Home and End move and wrap', async () => {
    const user = userEvent.setup();
    renderWithApp(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'un' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'deux' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'trois' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'un' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'trois' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'un' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'un' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('opens on Space too, and closes when Tab leaves its last item', async () => {
    const user = userEvent.setup();
    renderWithApp(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'un' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'trois' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'après' })).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the focus on the button when opened by a click', async () => {
    const user = userEvent.setup();
    renderWithApp(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    await user.click(trigger);
    expect(screen.getByRole('button', { name: 'un' })).toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
