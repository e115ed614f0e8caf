import { Injectable } from '@nestjs/common';
import { AccountMessages, passwordProblem } from '@membolt/contracts';
import {
  bundledCommonPasswords,
  commonPasswordForm,
} from '../adapters/common-passwords/bundled-common-passwords.js';
import { passwordNotAcceptable } from '../identity.errors.js';

/**
 * The rule for every new password (sign-up, reset, change, the operator CLI through sign-up): the shared
 * `passwordProblem` rule the forms also run, plus the bundled list of common and leaked passwords, which only
 * the server holds. Checked before anything is stored or consumed, so a refusal changes nothing.
 */
@Injectable()
export class PasswordPolicy {
  problem(password: string): string | null {
    const ruleProblem = passwordProblem(password);
    if (ruleProblem) return ruleProblem;
    return bundledCommonPasswords().has(commonPasswordForm(password))
      ? AccountMessages.passwordTooCommon
      : null;
  }

  assertAcceptable(password: string): void {
    const problem = this.problem(password);
    if (problem) throw passwordNotAcceptable(problem);
  }
}
