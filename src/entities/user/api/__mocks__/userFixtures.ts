import type { User } from '../../model/types';

/** A user for stories and tests that need one account in a particular state; override what the case is about. */
export const mockUser = (overrides: Partial<User> = {}): User => ({
  email: 'mari.maasikas@example.com',
  name: 'Mari Maasikas',
  isActive: true,
  isStaff: false,
  dateJoined: '2026-01-05T08:00:00Z',
  lastLogin: '2026-11-20T07:45:00Z',
  createdAt: '2026-01-05T08:00:00Z',
  lastModifiedAt: '2026-11-20T07:45:00Z',
  version: 1,
  ...overrides,
});

export const mockStaffUser = (overrides: Partial<User> = {}): User =>
  mockUser({ email: 'admin@example.com', name: 'Admin', isStaff: true, ...overrides });
