import 'reflect-metadata';
import { IsInt, Min, MinLength, ValidateNested, getMetadataStorage, registerDecorator, validateSync } from 'class-validator';
import { Type } from 'class-transformer';
import { cacheValidationMetadataLookups } from './validation-metadata-cache';

class Base {
  @MinLength(2)
  name!: string;
}

class Order extends Base {
  @IsInt()
  @Min(1)
  quantity!: number;
}

class Basket {
  @ValidateNested()
  @Type(() => Order)
  order!: Order;
}

function messagesOf(value: object): string[] {
  return validateSync(value).flatMap(function flatten(error): string[] {
    return [...Object.values(error.constraints ?? {}), ...(error.children ?? []).flatMap(flatten)];
  });
}

function order(name: string, quantity: number): Order {
  return Object.assign(new Order(), { name, quantity });
}

describe('cached validation rule lookups', () => {
  it('validates exactly as class-validator does, inherited and nested rules included', () => {
    const samples = [order('ok', 3), order('x', 0), order('fine', 1.5)];
    const before = samples.map(messagesOf);
    const nestedBefore = messagesOf(Object.assign(new Basket(), { order: order('y', -1) }));
    const storage = cacheValidationMetadataLookups();
    expect(cacheValidationMetadataLookups()).toBe(storage);
    for (let round = 0; round < 3; round += 1) {
      expect(samples.map(messagesOf)).toEqual(before);
      expect(messagesOf(Object.assign(new Basket(), { order: order('y', -1) }))).toEqual(nestedBefore);
    }
    expect(before[0]).toEqual([]);
    expect(before[1]).toHaveLength(2);
    expect(nestedBefore).toHaveLength(2);
  });

  it('sees a rule added to a class after its rules were looked up', () => {
    cacheValidationMetadataLookups();
    class Late {
      @IsInt()
      count!: number;
    }
    const late = Object.assign(new Late(), { count: 2 });
    expect(messagesOf(late)).toEqual([]);
    registerDecorator({
      target: Late,
      propertyName: 'count',
      constraints: [],
      options: { message: 'count must be odd' },
      validator: { validate: (value: unknown) => typeof value === 'number' && value % 2 === 1 },
    });
    expect(messagesOf(late)).toEqual(['count must be odd']);
  });

  it('hands out a fresh list each time, so a caller changing it changes nothing', () => {
    const storage = cacheValidationMetadataLookups(getMetadataStorage());
    const first = storage.getTargetValidationMetadatas(Order, '', false, false);
    const count = first.length;
    first.length = 0;
    expect(storage.getTargetValidationMetadatas(Order, '', false, false)).toHaveLength(count);
  });

  it('looks the rules of a class up once for the same options', () => {
    type Storage = ReturnType<typeof getMetadataStorage>;
    const storage = new (getMetadataStorage().constructor as new () => Storage)();
    const lookup = jest.spyOn(storage, 'getTargetValidationMetadatas');
    cacheValidationMetadataLookups(storage);
    storage.getTargetValidationMetadatas(Order, '', false, false);
    storage.getTargetValidationMetadatas(Order, '', false, false);
    storage.getTargetValidationMetadatas(Order, '', true, false);
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});
