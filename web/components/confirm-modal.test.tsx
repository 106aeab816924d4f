import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ConfirmModal } from './confirm-modal';

function Harness({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        delete it
      </button>
      <ConfirmModal
        open={open}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmModal', () => {
  it('says yes in red for what destroys, in an ordinary button for a normal step', () => {
    const { unmount } = renderWithApp(
      <ConfirmModal open onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Oui' })).toHaveClass('button--danger');
    unmount();
    renderWithApp(<ConfirmModal open tone="normal" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Oui' })).toHaveClass('button--primary');
  });

  it('shows the generic title, message, yes and no in French', () => {
    renderWithApp(<ConfirmModal open onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Confirmation' });
    expect(dialog).toHaveAccessibleDescription('Voulez-vous vraiment continuer\u00a0?');
    expect(screen.getByRole('button', { name: 'Oui' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Non' })).toBeInTheDocument();
  });

  it('shows them in Arabic', () => {
    renderWithApp(<ConfirmModal open onConfirm={() => {}} onCancel={() => {}} />, {
      language: 'ar',
    });
    expect(screen.getByRole('alertdialog', { name: 'تأكيد' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نعم' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'لا' })).toBeInTheDocument();
  });

  it('takes a specific title and message', () => {
    renderWithApp(
      <ConfirmModal
        open
        title="Supprimer ?"
        message="Définitivement."
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Supprimer ?' })).toHaveAccessibleDescription(
      'Définitivement.',
    );
  });

  it('renders nothing while closed', () => {
    renderWithApp(<ConfirmModal open={false} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('calls onConfirm on yes and onCancel on no', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(<ConfirmModal open onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Oui' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Non' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and gives the focus back to what opened it', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const opener = screen.getByRole('button', { name: 'delete it' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Non' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the focus inside: Tab and Shift+Tab wrap around', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.click(screen.getByRole('button', { name: 'delete it' }));
    const no = screen.getByRole('button', { name: 'Non' });
    const yes = screen.getByRole('button', { name: 'Oui' });
    expect(no).toHaveFocus();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.tab();
    expect(no).toHaveFocus();
    await user.tab({ shift: true });
    expect(yes).toHaveFocus();
  });

  it('closes on a click on the backdrop but not on the panel', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderWithApp(<ConfirmModal open onConfirm={() => {}} onCancel={onCancel} />);
    await user.click(screen.getByText('Voulez-vous vraiment continuer ?'));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(document.querySelector('.modal')!);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables yes while the action runs', () => {
    renderWithApp(<ConfirmModal open busy onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Oui' })).toBeDisabled();
  });
});
