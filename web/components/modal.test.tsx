import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { ConfirmModal } from './confirm-modal';
import { Modal } from './modal';

function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return outer ? (
    <Modal title="Détails" onClose={() => setOuter(false)}>
      <button type="button" onClick={() => setInner(true)}>
        retirer
      </button>
      <ConfirmModal
        open={inner}
        onConfirm={() => setInner(false)}
        onCancel={() => setInner(false)}
      />
    </Modal>
  ) : null;
}

describe('Modal', () => {
  it('is a labelled dialog with a close button', async () => {
    const user = userEvent.setup();
    let closed = 0;
    renderWithApp(
      <Modal title="Détails de l’annonce" onClose={() => (closed += 1)}>
        <p>contenu</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Détails de l’annonce' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(closed).toBe(1);
  });

  it('lets a confirmation opened inside a modal take Escape and the focus, then gives them back', async () => {
    const user = userEvent.setup();
    renderWithApp(<Nested />);
    const remove = screen.getByRole('button', { name: 'retirer' });
    await user.click(remove);
    expect(screen.getByRole('button', { name: 'Non' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Oui' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Détails' })).toBeInTheDocument();
    expect(remove).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
