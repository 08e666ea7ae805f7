import type { AccountEntry, AccountRefType } from './account/account';
import type { ApplicationFields } from './application/application';
import type { CommentRefType } from './comment/comment';
import type { AttributeDefinition, FeatureFlags } from './identity/identity';
import type { Permissions } from './permissions';

export interface ProjectOfApplication {
  readonly id: number;
  readonly title: string;
  readonly status: number | null;
  readonly phase: number | null;
  readonly end: string | null;
  readonly shared: boolean;
  readonly tenant: string;
  readonly group: number | null;
}

export interface ApplicationView extends ApplicationFields {
  readonly id: number;
  readonly tenant: string;
  readonly parentName: string | null;
  readonly version: number;
  readonly deleted: boolean;
  readonly shared: boolean;
  readonly projects: readonly ProjectOfApplication[];
}

export interface CommentView {
  readonly id: number;
  readonly tenant: string;
  readonly refType: CommentRefType;
  readonly refId: number;
  readonly description: string;
  readonly createdAt: string;
  readonly createdBy: string;
}

export interface AccountView {
  readonly id: number;
  readonly tenant: string;
  readonly accountNumber: string;
  readonly name: string;
  readonly refType: AccountRefType;
  readonly refId: number;
  readonly entries: readonly AccountEntry[];
}

export interface MeView {
  readonly tenant: string;
  readonly username: string;
  readonly displayName: string;
  readonly permissions: Permissions;
  readonly features: FeatureFlags;
  readonly applicationAttributes: readonly AttributeDefinition[];
}

export interface CommandResult {
  readonly id: number;
  readonly version: number;
  readonly position: number;
}

/** RFC 9457 problem details as every error of the API answers. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly errors?: readonly { readonly field: string; readonly message: string }[];
  readonly currentVersion?: number;
}
