import { fieldsOfVariableError } from './variable-error-fields';

describe('fieldsOfVariableError', () => {
  it('names the field of an invalid nested value', () => {
    expect(
      fieldsOfVariableError(
        'Variable "$input" got invalid value "BITCOIN" at "input.stock"; Value "BITCOIN" does not exist in "Stock" enum.',
      ),
    ).toEqual([{ field: 'stock', messages: ['Value "BITCOIN" does not exist in "Stock" enum.'] }]);
  });

  it('names an extra or a missing field', () => {
    expect(
      fieldsOfVariableError('Variable "$input" got invalid value { a: 1, x: 1 }; Field "x" is not defined by type "BuySharesInput".'),
    ).toEqual([{ field: 'x', messages: ['Field "x" is not defined by type "BuySharesInput".'] }]);
    expect(
      fieldsOfVariableError(
        'Variable "$input" got invalid value { options: {} } at "input.options"; Field "roundLimit" of required type "Int!" was not provided.',
      ),
    ).toEqual([{ field: 'options.roundLimit', messages: ['Field "roundLimit" of required type "Int!" was not provided.'] }]);
  });

  it('names an item of a list like class-validator does', () => {
    expect(
      fieldsOfVariableError(
        'Variable "$input" got invalid value "BITCOIN" at "input.markers[0].company"; Value "BITCOIN" does not exist in "BolsaCompany" enum.',
      ),
    ).toEqual([{ field: 'markers.0.company', messages: ['Value "BITCOIN" does not exist in "BolsaCompany" enum.'] }]);
  });

    it('names a variable that was not provided', () => {
    expect(fieldsOfVariableError('Variable "$id" of required type "ID!" was not provided.')).toEqual([
      { field: 'id', messages: ['Variable "$id" of required type "ID!" was not provided.'] },
    ]);
  });

  it('leaves other messages alone', () => {
    expect(fieldsOfVariableError('Something else')).toBeUndefined();
  });
});
