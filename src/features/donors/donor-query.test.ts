import { donorListQuery, donorListSearchParams, readDonorListState } from './donor-query';

describe('donor list URL state', () => {
  it('reads defaults from an empty query and writes nothing back', () => {
    const state = readDonorListState(new URLSearchParams(''));
    expect(state).toEqual({ page: 1, limit: 25, search: '', sort: 'name', contributor_type: '', eligibility: '', tag: '', balance: '', cycle: '' });
    expect(donorListSearchParams(state).toString()).toBe('');
  });

  it('round-trips filters, sort and page; drops unknown values', () => {
    const params = new URLSearchParams('search=ann&contributor_type=individual&eligibility=np&tag=vip&balance=outstanding&cycle=2025&sort=-paid_cents&page=3&limit=50&x=1');
    const state = readDonorListState(params);
    expect(donorListSearchParams(state).toString()).toBe('search=ann&contributor_type=individual&eligibility=np&tag=vip&balance=outstanding&cycle=2025&sort=-paid_cents&page=3&limit=50');
    expect(donorListQuery(state)).toMatchObject({ cycle: '2025' });
    const bad = readDonorListState(new URLSearchParams('sort=evil&page=-2&limit=7&contributor_type=alien&cycle=next'));
    expect(bad).toMatchObject({ sort: 'name', page: 1, limit: 25, contributor_type: '', cycle: '' });
    expect(donorListQuery(bad)).toEqual({ page: 1, limit: 25, sort: 'name', search: undefined, contributor_type: undefined, eligibility: undefined, tag: undefined, balance: undefined, cycle: undefined });
  });
});
