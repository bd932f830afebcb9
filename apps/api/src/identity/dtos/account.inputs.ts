import { Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import { SCOPES, type Scope } from '@corbeille/identity';
import { IsEntityId } from '../../common/validation/is-entity-id.validator';
import { ScopeEnum } from '../models/identity-enums';

@InputType('SignUpInput')
export class SignUpInput {
  @Field(() => String, { description: 'Compared trimmed and lower-cased.' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsEmail()
  @MaxLength(254)
  email!: string;

  @Field(() => String, { description: '8 to 72 characters (at most 72 bytes).' })
  @IsString()
  @Length(8, 72)
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

  @Field(() => String)
  @IsString()
  @MaxLength(200)
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
