/** A user account as the API returns it. Replaced by the generated OpenAPI type once the schema exists. */
export interface User {
  readonly email: string;
  readonly name: string;
  readonly isActive: boolean;
  readonly isStaff: boolean;
}
