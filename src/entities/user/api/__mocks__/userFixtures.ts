import type { User } from '../../model/types';

/** A user for stories and tests; override what the case is about. */
export const mockUser = (overrides: Partial<User> = {}): User => ({
  email: 'mari.maasikas@example.com',
  name: 'Mari Maasikas',
  isActive: true,
  isStaff: false,
  ...overrides,
});

export const mockStaffUser = (overrides: Partial<User> = {}): User =>
  mockUser({ email: 'admin@example.com', name: 'Admin', isStaff: true, ...overrides });
