// The product a settings page edits (lifecycles, decision tables), picked from the bank's products.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export function ProductSelect({
  products,
  value,
  onChange,
}: {
  products: readonly { product_code: string; product_name: string }[];
  value: string | null;
  onChange: (productCode: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Product"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ maxWidth: 360 }}
    >
      {products.map((p) => (
        <MenuItem key={p.product_code} value={p.product_code}>
          {p.product_name} ({p.product_code})
        </MenuItem>
      ))}
    </TextField>
  );
}
