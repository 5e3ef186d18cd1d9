import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product's mark: a ring in the primary colour and the name. */
export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{
          width: 28,
          height: 28,
          borderRadius: '8px',
          bgcolor: inverse ? 'common.white' : 'primary.main',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box
          sx={{
            width: 14,
            height: 14,
            borderRadius: '50%',
            border: 3,
            borderColor: inverse ? 'primary.main' : 'common.white',
          }}
        />
      </Box>
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 700, letterSpacing: 0.3, color: inverse ? 'common.white' : 'primary.main' }}
      >
        Originate
      </Typography>
    </Box>
  );
}
