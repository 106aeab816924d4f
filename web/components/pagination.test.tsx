import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAGINATION_WINDOW_LISTS } from '../../shared/constants';
import { renderWithApp } from '../test/render';
import { Pagination, pageWindow } from './pagination';

const pageNumbers = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('listitem')
    .slice(1, -1)
    .map((li) => Number(li.textContent));

describe('pageWindow', () => {
  it('is the current page ± the radius, clipped to the pages that exist', () => {
    expect(pageWindow(10, 30, 4)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(pageWindow(10, 30, 5)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(pageWindow(1, 30, 4)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(29, 30, 4)).toEqual([25, 26, 27, 28, 29, 30]);
    expect(pageWindow(2, 3, 4)).toEqual([1, 2, 3]);
  });
});

describe('Pagination', () => {
  it('shows the current page ± 4 by default, with previous and next', () => {
    renderWithApp(<Pagination currentPage={10} lastPage={30} hrefFor={(p) => `/x?page=${p}`} />);
    expect(pageNumbers()).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(screen.getByRole('link', { name: 'Précédent' })).toHaveAttribute('href', '/x?page=9');
    expect(screen.getByRole('link', { name: 'Suivant' })).toHaveAttribute('href', '/x?page=11');
    expect(screen.getByRole('link', { name: 'Page 14' })).toHaveAttribute('href', '/x?page=14');
  });

  it('shows ± 5 for lists', () => {
    renderWithApp(
      <Pagination
        currentPage={10}
        lastPage={30}
        radius={PAGINATION_WINDOW_LISTS}
        hrefFor={String}
      />,
    );
    expect(pageNumbers()).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('marks the current page and does not link it', () => {
    renderWithApp(<Pagination currentPage={3} lastPage={5} hrefFor={String} />);
    const current = screen.getByText('3');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.tagName).toBe('SPAN');
  });

  it('has no previous on the first page and no next on the last', () => {
    const { unmount } = renderWithApp(<Pagination currentPage={1} lastPage={5} hrefFor={String} />);
    expect(screen.queryByRole('link', { name: 'Précédent' })).not.toBeInTheDocument();
    expect(screen.getByText('Précédent').closest('[aria-disabled]')).toBeInTheDocument();
    unmount();
    renderWithApp(<Pagination currentPage={5} lastPage={5} hrefFor={String} />);
    expect(screen.queryByRole('link', { name: 'Suivant' })).not.toBeInTheDocument();
  });

  it('calls onPageChange when the page lives in state', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderWithApp(<Pagination currentPage={2} lastPage={4} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(onPageChange.mock.calls).toEqual([[3], [4], [1]]);
  });

  it('shows nothing for a single page', () => {
    renderWithApp(<Pagination currentPage={1} lastPage={1} hrefFor={String} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('speaks Arabic', () => {
    renderWithApp(<Pagination currentPage={2} lastPage={3} hrefFor={String} />, { language: 'ar' });
    expect(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'السابق' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الصفحة 3' })).toBeInTheDocument();
  });
});
