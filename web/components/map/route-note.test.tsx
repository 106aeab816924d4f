import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { RouteNote } from './route-note';

const shop = { latitude: 18.09, longitude: -15.97 };
const from = { latitude: 18.1, longitude: -15.97 };

describe('RouteNote without the routing service (issue 20 item 17)', () => {
  it('gives the straight-line distance and a link to directions, in French', () => {
    renderWithApp(<RouteNote route={{ status: 'straight', from, meters: 1234 }} to={shop} />);
    expect(screen.getByRole('status')).toHaveTextContent('À vol d’oiseau : 1,2 km');
    expect(screen.getByRole('link', { name: 'Itinéraire dans OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/directions?route=18.1,-15.97;18.09,-15.97',
    );
  });

  it('in Arabic', () => {
    renderWithApp(<RouteNote route={{ status: 'straight', from, meters: 800 }} to={shop} />, {
      language: 'ar',
    });
    expect(screen.getByRole('status')).toHaveTextContent('المسافة في خط مستقيم: 0.8 كم');
    expect(screen.getByRole('link', { name: 'المسار في OpenStreetMap' })).toBeInTheDocument();
  });
});
