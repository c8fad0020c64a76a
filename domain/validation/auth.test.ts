import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import {
  changePasswordFormSchema,
  EMAIL_PATTERN,
  otpFormSchema,
  registrationMobileFormSchema,
  setPasswordFormSchema,
  signinEmailFormSchema,
  signupRequestSchema,
} from './auth';
import { profileFormSchema } from './users';

async function errors(schema: ObjectSchema<AnyObject>, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const item of error.inner) fields[item.path ?? '_'] ??= item.message;
    return fields;
  }
}

describe('auth validation (SPEC §5)', () => {
  it('e-mail: local@domain with a TLD of 2+ letters, or a bracketed IP', () => {
    for (const ok of ['a@b.co', 'first.last@sub.example.org', 'x@[10.0.0.1]', '"quoted name"@example.com']) expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['a@b', 'a@b.c', 'a@b.c1', 'no-at.example.org', 'a b@c.org', '@c.org', 'a@[10.0.0]']) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });

  it('e-mail and OTP messages', async () => {
    expect(await errors(signinEmailFormSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(await errors(signinEmailFormSchema, { email: 'a@b' })).toEqual({ email: 'Please enter a valid email' });
    expect(await errors(otpFormSchema, { code: '' })).toEqual({ code: 'OTP is required' });
    expect(await errors(otpFormSchema, { code: '12345' })).toEqual({ code: 'OTP must be at least 6 characters' });
  });

  it('passwords: required, 6+, no whitespace, confirmation must match', async () => {
    expect(await errors(setPasswordFormSchema, { code: '', new_password: '', confirm_password: '' })).toEqual({
      code: 'Code is required',
      new_password: 'New password is required',
      confirm_password: 'Confirm password is required',
    });
    expect(await errors(setPasswordFormSchema, { code: '1', new_password: 'abc de', confirm_password: 'abcdef' })).toEqual({
      new_password: 'Password must not contain whitespace',
      confirm_password: 'Passwords must match',
    });
    expect(await errors(changePasswordFormSchema, { old_password: '', new_password: 'abcdef', confirm_password: 'abcdef' })).toEqual({
      old_password: 'Old password is required',
    });
  });

  it('name, last name and mobile number', async () => {
    expect(await errors(registrationMobileFormSchema, { name: '', last_name: '', phone: '' })).toEqual({
      name: 'Name is required',
      last_name: 'Last name is required',
      phone: 'Mobile number is required',
    });
    expect(await errors(registrationMobileFormSchema, { name: 'Ann', last_name: 'Lee', phone: '12345' })).toEqual({ phone: 'Mobile number must be 10 digits' });
    expect(await errors(registrationMobileFormSchema, { name: 'Ann', last_name: 'Lee', phone: '12345abcde' })).toEqual({ phone: 'Please enter a valid number' });
  });

  it('profile name: required, at most 35, letters and spaces only', async () => {
    expect(await errors(profileFormSchema, { name: '' })).toEqual({ name: 'Name is required' });
    expect(await errors(profileFormSchema, { name: 'x'.repeat(36) })).toEqual({ name: 'Name should be less then 35 character' });
    expect(await errors(profileFormSchema, { name: 'R2-D2' })).toEqual({ name: 'Name does not support special characters' });
    expect(await errors(profileFormSchema, { name: 'Zoë de la Cruz' })).toEqual({});
  });

  it('sign-up takes exactly one of e-mail and phone', async () => {
    const base = { name: 'Ann', last_name: 'Lee' };
    expect(await errors(signupRequestSchema, base)).toEqual({ email: 'Email or mobile number is required' });
    expect(await errors(signupRequestSchema, { ...base, email: 'a@b.org', phone: '1234567890' })).toEqual({ phone: 'Use either an email or a mobile number, not both' });
    expect(await errors(signupRequestSchema, { ...base, phone: '1234567890' })).toEqual({});
  });
});
