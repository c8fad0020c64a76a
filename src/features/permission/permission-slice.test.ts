import { initialPermissionState, permissionReducer, setPermissions, updateCampaignPermissions } from './permission-slice';

describe('permission slice', () => {
  it('replaces the resource names of one campaign and adds unknown campaigns', () => {
    let state = permissionReducer(initialPermissionState, setPermissions([{ campaign_id: '1', resource_names: ['a'] }, { campaign_id: '2', resource_names: ['b'] }]));
    state = permissionReducer(state, updateCampaignPermissions({ campaign_id: '2', resource_names: [] }));
    state = permissionReducer(state, updateCampaignPermissions({ campaign_id: '3', resource_names: ['c'] }));
    expect(state.list).toEqual([
      { campaign_id: '1', resource_names: ['a'] },
      { campaign_id: '2', resource_names: [] },
      { campaign_id: '3', resource_names: ['c'] },
    ]);
  });
});
