import { describe, expect, it } from 'vitest';
import { canPurchasePackages, isResourceName, normalizeResourceNames, RESOURCE_NAMES, RESOURCES, suggestRoleKey, SYSTEM_ROLES } from './permissions';

describe('permission resource names', () => {
  it('is one list of unique names, each labelled and grouped', () => {
    expect(new Set(RESOURCE_NAMES).size).toBe(RESOURCE_NAMES.length);
    for (const resource of RESOURCES) {
      expect(resource.name).toMatch(/^[a-z_]+\.(read|write|download|purchase|manage)$/);
      expect(resource.label.length).toBeGreaterThan(3);
      expect(resource.group.length).toBeGreaterThan(3);
    }
    expect(isResourceName('donor.read')).toBe(true);
    expect(isResourceName('donor.delete')).toBe(false);
    expect(normalizeResourceNames(['member.read', 'bogus', 'dashboard.read', 'member.read'])).toEqual(['dashboard.read', 'member.read']);
  });

  it('system roles: owner and manager everything; staff reads and writes donors, donations and follow-ups only', () => {
    expect(SYSTEM_ROLES.owner.resource_names).toEqual(RESOURCE_NAMES);
    expect(SYSTEM_ROLES.manager.resource_names).toEqual(RESOURCE_NAMES);
    const staff = SYSTEM_ROLES.staff.resource_names;
    expect(staff).toEqual(expect.arrayContaining(['dashboard.read', 'donor.read', 'donor.write', 'donation.write', 'follow_up.write', 'report.download', 'member.read']));
    for (const refused of ['member.manage', 'role.manage', 'package.purchase', 'payment_gateway.write', 'campaign.write', 'expense.write', 'upload.write', 'audit.read']) {
      expect(staff, refused).not.toContain(refused);
    }
    expect([canPurchasePackages('owner'), canPurchasePackages('manager'), canPurchasePackages('staff'), canPurchasePackages(null)]).toEqual([true, true, false, false]);
  });

  it('suggests role keys from names, never a system key', () => {
    expect(suggestRoleKey('Field Volunteer')).toBe('field_volunteer');
    expect(suggestRoleKey('  Über-Treasurer #2 ')).toBe('uber_treasurer_2');
    expect(suggestRoleKey('Staff')).toBe('staff_custom');
    expect(suggestRoleKey('9 lives')).toBe('lives');
    expect(suggestRoleKey('X')).toBe('role_x');
  });
});
