import { Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsEmail, IsIn, IsString, Length, MaxLength, MinLength } from 'class-validator';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH, SCOPES, type Scope } from '@corbeille/identity';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { MaxUtf8Bytes } from '../../common/validation/max-utf8-bytes.validator';
import { ScopeEnum } from '../models/identity-enums';

@InputType('SignUpInput')
export class SignUpInput {
  @Field(() => String, { description: 'Compared trimmed and lower-cased.' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @Field(() => String, { description: `At least ${MIN_PASSWORD_LENGTH} characters and at most ${MAX_PASSWORD_BYTES} bytes in UTF-8.` })
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH)
  @MaxUtf8Bytes(MAX_PASSWORD_BYTES)
  password!: string;

  @Field(() => String)
  @IsString()
  @Length(1, 64)
  displayName!: string;
}

@InputType('SignInInput')
export class SignInInput {
  @Field(() => String)
  @IsString()
  @MaxLength(254)
  email!: string;

  // Refused above the byte limit as at sign-up: bcrypt would compare only the first 72 bytes, so a longer
  // password would sign in with anything appended to it.
  @Field(() => String, { description: `At most ${MAX_PASSWORD_BYTES} bytes in UTF-8, as at sign-up.` })
  @IsString()
  @MaxUtf8Bytes(MAX_PASSWORD_BYTES)
  password!: string;
}

@InputType('CreateApiTokenInput')
export class CreateApiTokenInput {
  @Field(() => String, { description: 'What the token is for, e.g. the client using it.' })
  @IsString()
  @Length(1, 64)
  name!: string;

  @Field(() => [ScopeEnum])
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SCOPES.length)
  @ArrayUnique()
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];
}

@InputType('RevokeApiTokenInput')
export class RevokeApiTokenInput {
  @Field(() => ID)
  @IsEntityId()
  id!: string;
}
